// s3rver ships no types; only what tests/peers/s3.ts uses.
declare module "s3rver" {
  import type { Server } from "node:http";
  import type { AddressInfo } from "node:net";

  type Options = {
    port?: number;
    address?: string;
    silent?: boolean;
    directory: string;
    resetOnClose?: boolean;
    configureBuckets?: { name: string }[];
  };

  type StoredObject = { bucket: string; key: string; content: unknown; metadata: Record<string, string> };

  export default class S3rver {
    store: {
      putObject(object: StoredObject): Promise<{ size: number; md5: string }>;
      getResourcePath(bucket: string, key: string, resource: string): string;
      putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
    };
    constructor(options: Options);
    run(): Promise<AddressInfo>;
    close(): Promise<void>;
    httpServer: Server;
  }
}
