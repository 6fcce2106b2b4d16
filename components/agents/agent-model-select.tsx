import { useTranslations } from "next-intl";
import { useModels } from "@/lib/client/queries/agent";
import type { ModelInfo } from "@/lib/contracts/models";
import { Field, selectClassName } from "./form-field";

const modelName = (m: ModelInfo | undefined, builtin: string) =>
  !m ? "" : m.provider === "builtin" ? builtin : m.name;

/** The model that answers (CHAT-3); shown once the server's list is known, hidden when it cannot be read. */
export function AgentModelSelect(props: {
  id: string;
  value: string;
  error: string | undefined;
  onChange: (model: string) => void;
}) {
  const t = useTranslations("setup.form");
  const models = useModels();
  const { value } = props;
  if (!models) return null;
  return (
    <Field id={props.id} label={t("modelLabel")} hint={t("modelHint")} error={props.error}>
      {(aria) => (
        <select
          {...aria}
          name="model"
          value={value}
          onChange={(e) => props.onChange(e.target.value)}
          className={selectClassName}
        >
          <option value="">
            {t("modelDefault", {
              name: modelName(
                models.find((m) => m.default),
                t("modelBuiltin"),
              ),
            })}
          </option>
          {/* A stored model no longer configured stays visible, so saving does not silently change it. */}
          {value && !models.some((m) => m.id === value) && <option value={value}>{value}</option>}
          {models.map((m) => (
            <option key={m.id} value={m.id}>
              {modelName(m, t("modelBuiltin"))}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
