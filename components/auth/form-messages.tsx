/** A form's error under its field (named by the field's id) and its error for the whole form. */
export function FormMessages({
  fieldId,
  fieldError,
  formError,
}: {
  fieldId: string;
  fieldError: string | null;
  formError: string | null;
}) {
  return (
    <>
      {fieldError && (
        <p id={`${fieldId}-error`} className="text-sm text-destructive">
          {fieldError}
        </p>
      )}
      {formError && (
        <p role="alert" className="text-sm text-destructive">
          {formError}
        </p>
      )}
    </>
  );
}
