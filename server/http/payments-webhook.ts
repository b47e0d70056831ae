import { createRoute, z } from "@hono/zod-openapi";
import { bodyLimit } from "hono/body-limit";
import { access, apiRouter, failure, json } from "./api/openapi";

/** A payment provider's event is a few kilobytes; Stripe's largest fit well within this. */
export const WEBHOOK_MAX_BYTES = 64 * 1024;

const webhook = createRoute({
  method: "post",
  path: "/",
  summary: "The payment provider's events (Stripe's, or the sandbox's)",
  ...access("provider"),
  // The signature covers the raw body, so no validator reads it here: the operation checks it as sent.
  request: {
    body: {
      description: "The provider's event as it sent it, signed in the `stripe-signature` header.",
      content: { "application/json": { schema: { type: "object" as const } } },
    },
  },
  middleware: [bodyLimit({ maxSize: WEBHOOK_MAX_BYTES, onError: (c) => c.json({ error: { code: "payload_too_large" } }, 413) })] as const,
  responses: {
    200: json(z.object({ received: z.literal(true), duplicate: z.boolean() }), "Recorded (also an event seen before)."),
    400: failure("`bad_signature`: a missing or bad signature; nothing changed."),
    405: failure("`method_not_allowed`: only POST."),
    413: failure("`payload_too_large`: over 64 KiB."),
    500: failure("A failure on our side; the provider retries."),
  },
});

/**
 * POST /api/v1/payments/webhook: the payment provider's events (Stripe's, or the sandbox's, signed the same
 * way). The signature is checked on the raw body, so the body is read as text and handed on untouched.
 * 400: a missing or bad signature (nothing changed); 200: recorded (also for an event seen before, so the
 * provider stops retrying it); 500: a failure on our side (the provider retries).
 */
export function paymentsWebhook() {
  const app = apiRouter();
  app.openapi(webhook, async (c) => {
    const raw = await c.req.text();
    const result = await c.var.services.promotions.handlePaymentWebhook(raw, c.req.header("stripe-signature"));
    c.header("Cache-Control", "no-store");
    if (result.status === 400) return c.json({ error: { code: "bad_signature" } }, 400);
    return c.json({ received: true as const, duplicate: result.duplicate }, 200);
  });
  app.all("/", (c) => c.json({ error: { code: "method_not_allowed" } }, 405, { Allow: "POST" }));
  return app;
}
