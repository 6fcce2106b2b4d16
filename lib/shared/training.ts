/** Totals for the setup page's progress panel. */
export type TrainingSummary = { processing: number; completed: number; failed: number; characters: number };
