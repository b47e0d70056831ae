import { createHmac, timingSafeEqual } from "node:crypto";
import { PaymentSignatureError, type PaymentEvent } from "./types";

/** Stripe's default tolerance: a signature older (or newer) than five minutes is refused (replay protection). */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/** The header value Stripe sends: `t=<unix seconds>,v1=<hex HMAC-SHA256 of "t.body" with the secret>`. */
export function signWebhook(rawBody: string, secret: string, timestampSeconds: number): string {
  return `t=${timestampSeconds},v1=${hmac(rawBody, secret, timestampSeconds)}`;
}

function hmac(rawBody: string, secret: string, timestampSeconds: number): string {
  return createHmac("sha256", secret).update(`${timestampSeconds}.${rawBody}`, "utf8").digest("hex");
}

/**
 * Checks a `Stripe-Signature` header exactly as Stripe's libraries do: the timestamp within the tolerance, and
 * one of the `v1` signatures (there may be several while a secret is rolled) equal, compared in constant time.
 * Throws `PaymentSignatureError` otherwise.
 */
export function verifyWebhookSignature(
  rawBody: string,
  header: string | null | undefined,
  secret: string,
  nowSeconds: number,
  toleranceSeconds = SIGNATURE_TOLERANCE_SECONDS,
): void {
  if (!header) throw new PaymentSignatureError("missing signature header");
  let timestamp: number | null = null;
  const signatures: string[] = [];
  for (const part of header.split(",")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const key = part.slice(0, i).trim();
    const value = part.slice(i + 1).trim();
    if (key === "t" && /^\d{1,12}$/.test(value)) timestamp = Number(value);
    else if (key === "v1" && /^[0-9a-f]{64}$/i.test(value)) signatures.push(value.toLowerCase());
  }
  if (timestamp === null) throw new PaymentSignatureError("no timestamp in the signature header");
  if (signatures.length === 0) throw new PaymentSignatureError("no v1 signature in the signature header");
  if (Math.abs(nowSeconds - timestamp) > toleranceSeconds) throw new PaymentSignatureError("signature timestamp outside the tolerance");
  const expected = Buffer.from(hmac(rawBody, secret, timestamp), "hex");
  const ok = signatures.some((s) => {
    const given = Buffer.from(s, "hex");
    return given.length === expected.length && timingSafeEqual(given, expected);
  });
  if (!ok) throw new PaymentSignatureError("signature does not match");
}

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const str = (v: unknown): string | null => (typeof v === "string" && v.length > 0 && v.length <= 255 ? v : null);
/** An expandable Stripe field: its id, or the expanded object's id. */
const idOf = (v: unknown): string | null => str(v) ?? (isObj(v) ? str(v.id) : null);

/**
 * A verified event body (Stripe's event object) reduced to what the payments module acts on. Event types we
 * do not act on are returned with `outcome: null` (recorded, not applied).
 */
export function parseStripeEvent(rawBody: string): PaymentEvent {
  let body: unknown;
  try {
    body = JSON.parse(rawBody);
  } catch {
    throw new PaymentSignatureError("body is not JSON");
  }
  if (!isObj(body) || body.object !== "event" || !str(body.id) || !str(body.type)) {
    throw new PaymentSignatureError("body is not an event");
  }
  const type = str(body.type)!;
  const object = isObj(body.data) && isObj(body.data.object) ? body.data.object : {};
  const metadata = isObj(object.metadata) ? object.metadata : {};
  const created = typeof body.created === "number" ? new Date(body.created * 1000) : new Date();
  const event: PaymentEvent = {
    id: str(body.id)!,
    type,
    created,
    paymentId: null,
    sessionId: null,
    providerPaymentId: null,
    outcome: null,
    failureReason: null,
  };
  if (object.object === "checkout.session") {
    event.paymentId = str(object.client_reference_id) ?? str(metadata.payment_id);
    event.sessionId = str(object.id);
    event.providerPaymentId = idOf(object.payment_intent);
    if (type === "checkout.session.completed") event.outcome = object.payment_status === "unpaid" ? "processing" : "success";
    else if (type === "checkout.session.async_payment_succeeded") event.outcome = "success";
    else if (type === "checkout.session.async_payment_failed") {
      event.outcome = "fail";
      event.failureReason = "payment_failed";
    } else if (type === "checkout.session.expired") event.outcome = "cancelled";
  } else if (type === "charge.refunded" && object.object === "charge") {
    event.paymentId = str(metadata.payment_id);
    event.providerPaymentId = idOf(object.payment_intent);
    if (object.refunded === true || object.refunded === undefined) event.outcome = "refunded";
  } else if (type === "refund.updated" && object.object === "refund") {
    event.paymentId = str(metadata.payment_id);
    event.providerPaymentId = idOf(object.payment_intent);
    if (object.status === "succeeded") event.outcome = "refunded";
  }
  return event;
}
