// Written by `npm run graphql:types` (scripts/graphql-types.ts) from the schema in lib/graphql and the
// operations of lib/client/billing-operations.ts; do not edit by hand.

/** form: the sandbox's test cards (add_payment_method); hosted: the provider's page (start_card_setup); none: no provider keeps cards (transfers only); unavailable: payments are not set up */
export type CardEntry = "form" | "hosted" | "none" | "unavailable";

/** now: charged and applied at once; period_end: waits for the current period's end */
export type ChangeTiming = "now" | "period_end";

/** the outcome of a plan change charged now */
export type ChargeStatus = "paid" | "failed";

export type Currency = "VND" | "USD";

export type Cycle = "monthly" | "yearly";

export type InvoiceStatus = "upcoming" | "paid" | "failed" | "void";

export type NoticeKind = "pending" | "expired" | "payment_failed";

/** how a checkout is paid */
export type PayMethod = "card" | "bank_transfer";

/** active | expired (past its expiry date) */
export type PaymentMethodState = "active" | "expired";

export type PaymentStatus = "pending" | "succeeded" | "failed" | "verifying" | "expired";

export type SubscriptionStatus = "verifying" | "active" | "past_due" | "expired" | "canceled" | "incomplete";

/** A card for the sandbox provider (test cards in docs/billing.md); real providers collect cards on their own page. */
export type CardInput = {
  card_number: string;
  exp_month: number;
  exp_year: number;
  cvc: string;
};

export type ContactSalesInput = {
  name: string;
  email: string;
  company?: string | null;
  message: string;
};

export type PaymentTokenInput = {
  plan: string;
  /** monthly | yearly */
  cycle: string;
  /** VND (default) | USD */
  currency?: string | null;
  /** bank_transfer (VND's default where payOS is configured) | card */
  method?: string | null;
};

/** query Payment */
export type PaymentQueryVariables = {
  token: string;
};

export type PaymentQuery = {
  /** the owner's own checkout only; without a token, the one in the payment_token cookie */
  payment: {
    status: PaymentStatus;
    plan: string;
    cycle: Cycle;
    amount: number;
    currency: Currency;
    /** what a partly paid bank transfer still owes, minor units (null: nothing known to be owed) */
    amount_due: number | null;
    /** how this checkout is paid (Use another method offers the other) */
    method: PayMethod;
  } | null;
};

/** mutation CreatePaymentToken */
export type CreatePaymentTokenMutationVariables = {
  input: PaymentTokenInput;
};

export type CreatePaymentTokenMutation = {
  /** also sets the HttpOnly payment_token cookie for 15 minutes */
  create_payment_token: {
    token: string;
    /** where to send the owner to pay */
    checkout_url: string;
  };
};

/** mutation DropPaymentToken */
export type DropPaymentTokenMutationVariables = {
  token?: string | null;
};

export type DropPaymentTokenMutation = {
  /** clears the payment_token cookie once the outcome is final; with a token, only while the cookie still holds that one (a late call must not clear a newer checkout's) */
  drop_payment_token: boolean;
};

/** query InvoiceStatus */
export type InvoiceStatusQueryVariables = {
  id: string;
};

export type InvoiceStatusQuery = {
  invoice: {
    status: InvoiceStatus;
  } | null;
};

/** mutation ContactSales */
export type ContactSalesMutationVariables = {
  input: ContactSalesInput;
};

export type ContactSalesMutation = {
  contact_sales: boolean;
};

/** query Subscription */
export type SubscriptionQueryVariables = Record<string, never>;

export type SubscriptionQuery = {
  /** null while the owner has never subscribed (the free plan) */
  subscription: {
    status: SubscriptionStatus;
    cycle: Cycle | null;
    currency: Currency | null;
    /** the current period's price, minor units */
    amount: number;
    current_period_end: string | null;
    cancel_at_period_end: boolean;
    /** when and how much the next renewal charges; null when it will not renew */
    renewal_date: string | null;
    renewal_amount: number | null;
    /** the sandbox provider: every screen says Test mode */
    test_mode: boolean;
    /** the number of a renewal invoice waiting for a bank transfer (its page shows the QR); null otherwise */
    pay_by_transfer: string | null;
    pending_cycle: Cycle | null;
    plan: {
      /** free | beginner | starter | business | enterprise */
      id: string;
      name: string;
    };
    notice: {
      kind: NoticeKind;
      date: string;
    } | null;
  } | null;
};

/** query Invoices */
export type InvoicesQueryVariables = {
  last_id?: string | null;
};

export type InvoicesQuery = {
  /** newest first, 20 at a time; the next page starts after last_id */
  invoices: {
    id: string;
    /** AC-2026-000042 */
    number: string;
    status: InvoiceStatus;
    due_date: string;
    lines: {
      description: string;
      /** minor units; negative for a credit (the unused part of a plan changed during its period) */
      amount: number;
    }[];
    payment_method: string | null;
    /** the plan's name */
    plan: string;
    total: number;
    currency: Currency;
    /** the cycle billed */
    type: Cycle;
  }[];
};

/** query PaymentMethods */
export type PaymentMethodsQueryVariables = {
  refresh?: boolean | null;
};

export type PaymentMethodsQuery = {
  /** with refresh, the cards are first read again from the provider (back from its card page; its event may not be processed yet) */
  payment_methods: {
    id: string;
    brand: string;
    last4: string;
    exp_month: number;
    exp_year: number;
    is_default: boolean;
    is_other: boolean;
    state: PaymentMethodState;
  }[];
};

/** query CardEntry */
export type CardEntryQueryVariables = Record<string, never>;

export type CardEntryQuery = {
  /** how a card is added (see CardEntry) */
  card_entry: CardEntry;
};

/** mutation StartCardSetup */
export type StartCardSetupMutationVariables = Record<string, never>;

export type StartCardSetupMutation = {
  /** a real provider's hosted page where the owner saves a card (Stripe Checkout, setup mode); returns its URL. The card appears in payment_methods once the provider's event arrives. The sandbox answers not_found (use add_payment_method) */
  start_card_setup: string;
};

/** mutation AddPaymentMethod */
export type AddPaymentMethodMutationVariables = {
  input: CardInput;
};

export type AddPaymentMethodMutation = {
  add_payment_method: {
    id: string;
  };
};

/** mutation SetDefaultPaymentMethod */
export type SetDefaultPaymentMethodMutationVariables = {
  id: string;
};

export type SetDefaultPaymentMethodMutation = {
  set_default_payment_method: {
    id: string;
  }[];
};

/** mutation DeletePaymentMethod */
export type DeletePaymentMethodMutationVariables = {
  id: string;
};

export type DeletePaymentMethodMutation = {
  delete_payment_method: {
    id: string;
  }[];
};

/** mutation ChangePlan */
export type ChangePlanMutationVariables = {
  plan: string;
  cycle: string;
};

export type ChangePlanMutation = {
  change_plan: {
    timing: ChangeTiming;
    /** set when charged now; null when it waits for the period's end */
    status: ChargeStatus | null;
    subscription: {
      current_period_end: string | null;
    } | null;
  };
};

/** query PreviewChange */
export type PreviewChangeQueryVariables = {
  plan: string;
  cycle: string;
};

export type PreviewChangeQuery = {
  /** what change_plan would do now (a refusal answers the same translated error change_plan would) */
  plan_change_preview: {
    timing: ChangeTiming;
    /** charged now to the default payment method, minor units (0: nothing due) */
    charge: number;
    currency: Currency;
    /** when the new plan or cycle starts (ISO 8601) */
    effective_date: string;
    /** the default payment method charged, e.g. Visa •••• 4242; null when nothing is charged */
    payment_method: string | null;
  };
};

/** mutation CancelSubscription */
export type CancelSubscriptionMutationVariables = Record<string, never>;

export type CancelSubscriptionMutation = {
  cancel_subscription: {
    status: SubscriptionStatus;
  };
};

/** mutation ResumeSubscription */
export type ResumeSubscriptionMutationVariables = Record<string, never>;

export type ResumeSubscriptionMutation = {
  resume_subscription: {
    status: SubscriptionStatus;
  };
};

export type BillingOperations = {
  Payment: {
    result: PaymentQuery;
    variables: PaymentQueryVariables;
  };
  CreatePaymentToken: {
    result: CreatePaymentTokenMutation;
    variables: CreatePaymentTokenMutationVariables;
  };
  DropPaymentToken: {
    result: DropPaymentTokenMutation;
    variables: DropPaymentTokenMutationVariables;
  };
  InvoiceStatus: {
    result: InvoiceStatusQuery;
    variables: InvoiceStatusQueryVariables;
  };
  ContactSales: {
    result: ContactSalesMutation;
    variables: ContactSalesMutationVariables;
  };
  Subscription: {
    result: SubscriptionQuery;
    variables: SubscriptionQueryVariables;
  };
  Invoices: {
    result: InvoicesQuery;
    variables: InvoicesQueryVariables;
  };
  PaymentMethods: {
    result: PaymentMethodsQuery;
    variables: PaymentMethodsQueryVariables;
  };
  CardEntry: {
    result: CardEntryQuery;
    variables: CardEntryQueryVariables;
  };
  StartCardSetup: {
    result: StartCardSetupMutation;
    variables: StartCardSetupMutationVariables;
  };
  AddPaymentMethod: {
    result: AddPaymentMethodMutation;
    variables: AddPaymentMethodMutationVariables;
  };
  SetDefaultPaymentMethod: {
    result: SetDefaultPaymentMethodMutation;
    variables: SetDefaultPaymentMethodMutationVariables;
  };
  DeletePaymentMethod: {
    result: DeletePaymentMethodMutation;
    variables: DeletePaymentMethodMutationVariables;
  };
  ChangePlan: {
    result: ChangePlanMutation;
    variables: ChangePlanMutationVariables;
  };
  PreviewChange: {
    result: PreviewChangeQuery;
    variables: PreviewChangeQueryVariables;
  };
  CancelSubscription: {
    result: CancelSubscriptionMutation;
    variables: CancelSubscriptionMutationVariables;
  };
  ResumeSubscription: {
    result: ResumeSubscriptionMutation;
    variables: ResumeSubscriptionMutationVariables;
  };
};
