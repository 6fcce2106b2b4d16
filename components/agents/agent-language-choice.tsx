import { useTranslations } from "next-intl";
import { Label } from "@/components/ui/label";
import { RadioGroup, RadioGroupItem } from "@/components/ui/radio-group";
import { type AgentLanguage, agentLanguages } from "@/lib/shared/agent-fields";
import { FieldError } from "./form-field";

/** The language the agent answers in, or the visitor's own (auto). */
export function AgentLanguageChoice(props: {
  fieldId: (name: string) => string;
  value: AgentLanguage;
  error: string | undefined;
  onChange: (language: AgentLanguage) => void;
}) {
  const t = useTranslations("setup.form");
  const { fieldId } = props;
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-3 text-sm font-medium">{t("languageLegend")}</legend>
      <RadioGroup
        value={props.value}
        onValueChange={(v) => props.onChange(v as AgentLanguage)}
        aria-invalid={props.error ? true : undefined}
        className="flex flex-wrap gap-x-6 gap-y-2"
      >
        {agentLanguages.map((l) => (
          <div key={l} className="flex items-center gap-2">
            <RadioGroupItem id={fieldId(`language-${l}`)} value={l} />
            <Label htmlFor={fieldId(`language-${l}`)} className="font-normal">
              {t(`languages.${l}`)}
            </Label>
          </div>
        ))}
      </RadioGroup>
      <FieldError id={fieldId("language")} text={props.error} />
    </fieldset>
  );
}
