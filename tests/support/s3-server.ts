import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";

/**
 * A real S3-compatible server on this machine (s3rver), on a free port, keeping its files in a fresh temporary
 * folder with one empty bucket: what the S3 storage provider talks to in tests. `settings` are what S3Storage
 * takes, `env` the four S3_ variables that make a site use it.
 */
export type LocalS3 = {
  settings: { endpoint: string; bucket: string; accessKeyId: string; secretAccessKey: string };
  env: { S3_ENDPOINT: string; S3_BUCKET: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  close(): Promise<void>;
};

export async function startLocalS3(bucket = "nexo-test"): Promise<LocalS3> {
  const directory = mkdtempSync(join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const address = (await server.run()) as AddressInfo;
  const endpoint = `http://127.0.0.1:${address.port}`;
  // s3rver checks signatures made with these.
  const settings = { endpoint, bucket, accessKeyId: "S3RVER", secretAccessKey: "S3RVER" };
  return {
    settings,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: bucket, S3_ACCESS_KEY_ID: "S3RVER", S3_SECRET_ACCESS_KEY: "S3RVER" },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
