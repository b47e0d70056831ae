import { Hono } from "hono";
import { bodyLimit } from "hono/body-limit";
import type { AppEnv } from "./types";

/** A payment provider's event is a few kilobytes; Stripe's largest fit well within this. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

/**
 * POST /api/v1/payments/webhook: the payment provider's events (Stripe's, or the sandbox's, signed the same
 * way). The signature is checked on the raw body, so the body is read as text and handed on untouched.
 * 400: a missing or bad signature (nothing changed); 200: recorded (also for an event seen before, so the
 * provider stops retrying it); 500: a failure on our side (the provider retries).
 */
export function paymentsWebhook() {
  const app = new Hono<AppEnv>();
  app.post(
    "/",
    bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: { code: "payload_too_large" } }, 413) }),
    async (c) => {
      const raw = await c.req.text();
      const result = await c.var.services.promotions.handlePaymentWebhook(raw, c.req.header("stripe-signature"));
      c.header("Cache-Control", "no-store");
      if (result.status === 400) return c.json({ error: { code: "bad_signature" } }, 400);
      return c.json({ received: true, duplicate: result.duplicate }, 200);
    },
  );
  app.all("/", (c) => c.json({ error: { code: "method_not_allowed" } }, 405, { Allow: "POST" }));
  return app;
}
