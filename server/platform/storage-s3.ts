import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadObjectCommand,
  ListObjectsV2Command,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from "@aws-sdk/client-s3";
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
function isMissing(err: unknown): boolean {
  if (err instanceof S3ServiceException && err.$metadata.httpStatusCode === 404) return true;
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

  constructor(settings: S3Settings) {
    this.bucket = settings.bucket;
    this.client = new S3Client({
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
      new PutObjectCommand({ Bucket: this.bucket, Key: key, Body: body, ContentType: options.contentType ?? contentTypeOf(key) }),
    );
    return this.urlFor(key);
  }

  async read(key: string): Promise<StoredFile | null> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: key }));
      if (!out.Body) return null;
      return { body: await out.Body.transformToByteArray(), contentType: out.ContentType || contentTypeOf(key) };
    } catch (err) {
      if (isMissing(err)) return null;
      throw err;
    }
  }

  async stat(key: string): Promise<{ size: number; modifiedAt: Date } | null> {
    assertStorageKey(key);
    try {
      const out = await this.client.send(new HeadObjectCommand({ Bucket: this.bucket, Key: key }));
      return { size: out.ContentLength ?? 0, modifiedAt: out.LastModified ?? new Date(0) };
    } catch (err) {
      if (isMissing(err)) return null;
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
        new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${folder}/`, Delimiter: "/", ContinuationToken: token }),
      );
      for (const o of page.Contents ?? []) if (o.Key) out.push({ key: o.Key, modifiedAt: o.LastModified ?? new Date(0) });
      token = page.IsTruncated ? page.NextContinuationToken : undefined;
    } while (token);
    return out;
  }

  async remove(key: string): Promise<void> {
    assertStorageKey(key);
    await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: key }));
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
