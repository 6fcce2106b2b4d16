import { useTranslations } from "next-intl";
import { dailyShareChoices } from "@/lib/shared/agent-fields";
import { Field, selectClassName } from "./form-field";

/**
 * The agent's daily ceiling (CHAT-8): how much of the month its visitors may use in one day. "" is the
 * server's default (`defaultShare`); a stored value the choices lack stays offered, so saving keeps it.
 */
export function AgentDailyShareSelect(props: {
  id: string;
  value: string;
  defaultShare: number;
  error: string | undefined;
  onChange: (value: string) => void;
}) {
  const t = useTranslations("setup.form");
  const choices: number[] = dailyShareChoices.filter((p) => p !== props.defaultShare);
  if (props.value && !choices.includes(Number(props.value))) choices.push(Number(props.value));
  choices.sort((a, b) => a - b);
  const label = (percent: number) =>
    percent >= 100 ? t("dailyShareNone") : t("dailyShareOption", { percent });
  return (
    <Field id={props.id} label={t("dailyShareLabel")} hint={t("dailyShareHint")} error={props.error}>
      {(aria) => (
        <select
          {...aria}
          name="daily_share"
          value={props.value}
          onChange={(e) => props.onChange(e.target.value)}
          className={selectClassName}
        >
          <option value="">
            {props.defaultShare >= 100
              ? t("dailyShareNone")
              : t("dailyShareDefault", { percent: props.defaultShare })}
          </option>
          {choices.map((percent) => (
            <option key={percent} value={String(percent)}>
              {label(percent)}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
