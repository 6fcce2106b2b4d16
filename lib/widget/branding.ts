import type { PlanLimits } from "@/lib/billing/plan-limits";
import type { WidgetSettings } from "@/lib/shared/widget";

/** "Powered by" leaves the widget only where the owner asked and their current plan allows it. */
export function showsBranding(widget: WidgetSettings, limits: Pick<PlanLimits, "canHideBranding">): boolean {
  return !(widget.hide_branding && limits.canHideBranding);
}
