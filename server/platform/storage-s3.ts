import type { S3Client } from "@aws-sdk/client-s3";

/** The SDK's module, loaded when a bucket is configured: it is large, and the local disk needs none of it. */
type S3Sdk = typeof import("@aws-sdk/client-s3");
import { assertStorageKey, contentTypeOf, mediaKeyOf, mediaUrlFor, type Storage, type StoredFile } from "./storage";

export type S3Settings = {
  /** The S3-compatible server, `https://s3.example.com` (path-style: the bucket is the URL's first segment). */
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
};

/** Not found, as S3 and the servers that speak its protocol say it (a HEAD has no body, only its status). */
function isMissing(sdk: S3Sdk, err: unknown): boolean {
  if (err instanceof sdk.S3ServiceException && err.$metadata.httpStatusCode === 404) return true;
  const name = (err as { name?: string } | null)?.name;
  return name === "NoSuchKey" || name === "NotFound";
}

/**
 * An S3-compatible bucket (S3, R2, MinIO, …): what several instances share. The bucket need not be public: the
 * app answers /media/<key> itself (server/http/media.ts), so URLs are the same as with the local disk.
 */
export class S3Storage implements Storage {
  private readonly client: S3Client;
  private readonly bucket: string;

  constructor(
    settings: S3Settings,
    private readonly sdk: S3Sdk,
  ) {
    this.bucket = settings.bucket;
    this.client = new sdk.S3Client({
      endpoint: settings.endpoint,
      region: settings.region,
      forcePathStyle: true,
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: several S3-compatible servers refuse or ignore the newer ones.
      requestChecksumCalculation: "WHEN_REQUIRED",
      responseChecksumValidation: "WHEN_REQUIRED",
      // A bucket that stops answering fails the request (a 500, or the operation's error) instead of holding it.
      requestHandler: { connectionTimeout: 5_000, requestTimeout: 30_000 },
    });
  }

  async put(key: string, body: Uint8Array, options: { contentType?: string } = {}): Promise<string> {
    assertStorageKey(key);
    await this.client.send(
      new this.sdk.PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType ?? contentTypeOf(key) }),
    );
    return this.urlFor(key);
  }

  async read(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new this.sdk.GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return null;
      return { body: await out.Body.transformToByteArray(), contentType: out.ContentType || contentTypeOf(key) };
    } catch (err) {
      if (isMissing(this.sdk, err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new this.sdk.HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(this.sdk, err)) return null;
      throw err;
    }
  }

  async list(prefix: string): Promise<{ key: string; modifiedAt: Date }[]> {
    const folder = prefix.replace(/\/+$/, "");
    assertStorageKey(folder);
    const out: { key: string; modifiedAt: Date }[] = [];
    let token: string | undefined;
    do {
      // The delimiter keeps deeper "folders" out, as the local disk's listing does.
      const page = await this.client.send(
        new this.sdk.ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, Delimiter: "/", ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new this.sdk.DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
  }

  urlFor(key: string): string {
    return mediaUrlFor(key);
  }

  keyOf(url: string | null | undefined): string | null {
    return mediaKeyOf(url);
  }

  /** Closes the client's sockets. */
  close(): void {
    this.client.destroy();
  }
}

/** An S3Storage for these settings, loading the SDK first. */
export async function openS3Storage(settings: S3Settings): Promise<S3Storage> {
  return new S3Storage(settings, await import("@aws-sdk/client-s3"));
}
