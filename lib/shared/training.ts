/** Totals for the setup page's progress panel: the contract's (lib/contracts/training.ts). */
export type { TrainingSummary } from "@/lib/contracts/training";
