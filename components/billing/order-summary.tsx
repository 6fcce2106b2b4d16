/** What is being paid, as label/value rows (plan, billing cycle, amount); the amount row stands out. */
export function OrderSummary({ rows }: { rows: { label: string; value: string; amount?: boolean }[] }) {
  return (
    <dl className="divide-y rounded-xl border bg-card text-sm" data-testid="checkout-summary">
      {rows.map((row) => (
        <div key={row.label} className="flex justify-between gap-4 p-3">
          <dt className="text-muted-foreground">{row.label}</dt>
          {row.amount ? (
            <dd className="text-base font-semibold" data-testid="checkout-amount">
              {row.value}
            </dd>
          ) : (
            <dd className="font-medium">{row.value}</dd>
          )}
        </div>
      ))}
    </dl>
  );
}
