import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { agentKindChoices } from "@/lib/shared/agent-fields";
import type { AgentKind } from "@/lib/shared/agent-kinds";
import { FieldError } from "./form-field";

/** Who the agent speaks for: a business, a person or a topic, each with what it means. */
export function AgentKindChoice(props: {
  fieldId: (name: string) => string;
  value: AgentKind;
  error: string | undefined;
  onChange: (kind: AgentKind) => void;
}) {
  const t = useTranslations("setup.form");
  const { fieldId } = props;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">{t("kindLegend")}</legend>
      <RadioGroup
        value={props.value}
        onValueChange={(v) => props.onChange(v as AgentKind)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={props.error ? `${fieldId("kind")}-error` : undefined}
        className="sm:grid-cols-3"
      >
        {agentKindChoices.map((k) => (
          <Label
            key={k}
            htmlFor={fieldId(`kind-${k}`)}
            className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 leading-normal font-normal has-[[data-state=checked]]:border-primary has-[[data-state=checked]]:bg-primary/5"
          >
            <RadioGroupItem
              id={fieldId(`kind-${k}`)}
              value={k}
              className="mt-0.5"
              aria-describedby={fieldId(`kind-${k}-body`)}
            />
            <span className="grid gap-1">
              <span className="font-medium">{t(`kinds.${k}.title`)}</span>
              <span id={fieldId(`kind-${k}-body`)} className="text-xs text-muted-foreground">
                {t(`kinds.${k}.body`)}
              </span>
            </span>
          </Label>
        ))}
      </RadioGroup>
      <FieldError id={fieldId("kind")} text={props.error} />
    </fieldset>
  );
}
