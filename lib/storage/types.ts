/**
 * Where originals of uploaded files and snippets live: local disk by default, a bucket with FILE_STORE=s3.
 * A put is whole or absent under its key, whichever store it is: readers never see half a file.
 */
export type FileStore = {
  put(key: string, bytes: Uint8Array): Promise<void>;
  /** null when nothing is stored under the key */
  get(key: string): Promise<Uint8Array | null>;
  /** Removing what is already gone is not an error. */
  delete(key: string): Promise<void>;
};

export type StoreKind = "local" | "s3";

/** A store that can also say what it is and whether it answers (/api/health). */
export type CheckedFileStore = FileStore & {
  readonly kind: StoreKind;
  /** Every key stored, in no promised order (backups read the whole store through it). */
  list(): AsyncIterable<string>;
  /** true when the store can be used now; never throws, and settles within a few seconds */
  check(): Promise<boolean>;
  /**
   * Stores a local file's bytes under the key, read as a stream (large files such as workspace exports are
   * never held whole in memory); whole or absent, as `put`.
   */
  putFile(key: string, file: string): Promise<void>;
  /** The bytes under the key as a stream, null when nothing is stored there. */
  stream(key: string): Promise<ReadableStream<Uint8Array> | null>;
};
