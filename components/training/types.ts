/** The training API's objects, as their contracts define them (lib/contracts/training.ts). */
export type {
  AddResult,
  CrawledPage,
  DocumentListItem as TrainingDocument,
} from "@/lib/contracts/training";
