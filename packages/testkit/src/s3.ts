// A real S3-protocol server for tests (s3rver: buckets, ranges, multipart, pre-signed URLs checked
// with their expiry), on a free port with its objects in a temporary folder, and the media storage
// settings (MEDIA_STORAGE=s3, S3_*) that point at it.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import S3rver from "s3rver";
import type { MediaStorageSettings } from "@clubcast/shared";

/** s3rver's fixed credentials. */
const S3RVER_KEY = "S3RVER";

export interface TestS3 {
  endpoint: string;
  bucket: string;
  /** The storage settings of the bucket; its public URL is the bucket's path-style address (s3rver serves anonymous GETs). */
  storage: Extract<MediaStorageSettings, { driver: "s3" }>;
  /** The same as environment variables, for processes started with them. */
  env: Record<string, string>;
  close(): Promise<void>;
}

export async function startTestS3(bucket = "clubcast-media"): Promise<TestS3> {
  const directory = mkdtempSync(join(tmpdir(), "clubcast-s3-"));
  const server = new S3rver({
    address: "127.0.0.1",
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: bucket }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  const storage = {
    driver: "s3" as const,
    endpoint,
    bucket,
    region: "us-east-1",
    accessKeyId: S3RVER_KEY,
    secretAccessKey: S3RVER_KEY,
    publicUrl: `${endpoint}/${bucket}`,
  };
  return {
    endpoint,
    bucket,
    storage,
    env: {
      MEDIA_STORAGE: "s3",
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: storage.region,
      S3_ACCESS_KEY_ID: S3RVER_KEY,
      S3_SECRET_ACCESS_KEY: S3RVER_KEY,
      S3_PUBLIC_URL: storage.publicUrl,
    },
    async close() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
