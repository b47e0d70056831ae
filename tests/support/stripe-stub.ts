import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A local stand-in for Stripe's API, for the calls the Stripe provider makes (server/platform/payments/stripe.ts):
 * POST /v1/checkout/sessions, GET /v1/checkout/sessions/{id}, POST /v1/refunds. Bodies are read as Stripe reads
 * them (form-encoded, nested keys like `line_items[0][price_data][currency]`), the secret key is checked, and a
 * repeated Idempotency-Key gets the first answer again, as Stripe's does. `requests` keeps what was sent;
 * `mode` makes it refuse as Stripe can (a card error on refunds, a server error everywhere).
 */
export type StripeStubRequest = {
  method: string;
  path: string;
  form: Record<string, string>;
  idempotencyKey: string | null;
  authorization: string | null;
};
export type StripeStubMode = "ok" | "refund_declined" | "server_error";

export type StripeStub = {
  url: string;
  secretKey: string;
  requests: StripeStubRequest[];
  mode: StripeStubMode;
  sessions: Map<string, Record<string, unknown>>;
  close(): Promise<void>;
};

const id = (prefix: string) => `${prefix}_${randomBytes(12).toString("hex")}`;

function stripeError(status: number, type: string, message: string, code?: string) {
  return { status, body: { error: { type, message, ...(code ? { code } : {}) } } };
}

export async function startStripeStub(secretKey = "sk_test_stub_0123456789"): Promise<StripeStub> {
  const answered = new Map<string, { status: number; body: unknown }>();
  const stub: StripeStub = {
    url: "",
    secretKey,
    requests: [],
    mode: "ok",
    sessions: new Map(),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };

  function answer(r: StripeStubRequest): { status: number; body: unknown } {
    if (r.authorization !== `Bearer ${secretKey}`) return stripeError(401, "invalid_request_error", "Invalid API Key provided");
    if (stub.mode === "server_error") return stripeError(500, "api_error", "Something went wrong on Stripe's end.");
    if (r.method === "POST" && r.path === "/v1/checkout/sessions") {
      const f = r.form;
      for (const k of ["mode", "success_url", "line_items[0][price_data][currency]", "line_items[0][price_data][unit_amount]"]) {
        if (!f[k]) return stripeError(400, "invalid_request_error", `Missing required param: ${k}.`);
      }
      const session: Record<string, unknown> = {
        id: id("cs_test"),
        object: "checkout.session",
        mode: f.mode,
        status: "open",
        payment_status: "unpaid",
        client_reference_id: f.client_reference_id ?? null,
        customer_email: f.customer_email ?? null,
        metadata: Object.fromEntries(
          Object.entries(f)
            .filter(([k]) => k.startsWith("metadata["))
            .map(([k, v]) => [k.slice("metadata[".length, -1), v]),
        ),
        amount_total: Number(f["line_items[0][price_data][unit_amount]"]) * Number(f["line_items[0][quantity]"] ?? 1),
        currency: f["line_items[0][price_data][currency]"],
        expires_at: Number(f.expires_at),
        locale: f.locale ?? null,
        payment_intent: null,
        success_url: f.success_url,
        cancel_url: f.cancel_url ?? null,
      };
      session.url = `https://checkout.stripe.test/c/pay/${session.id as string}`;
      stub.sessions.set(session.id as string, session);
      return { status: 200, body: session };
    }
    const get = /^\/v1\/checkout\/sessions\/([A-Za-z0-9_]+)$/.exec(r.path);
    if (r.method === "GET" && get) {
      const s = stub.sessions.get(get[1]);
      return s
        ? { status: 200, body: s }
        : stripeError(404, "invalid_request_error", `No such checkout.session: '${get[1]}'`, "resource_missing");
    }
    if (r.method === "POST" && r.path === "/v1/refunds") {
      if (!r.form.payment_intent && !r.form.charge)
        return stripeError(400, "invalid_request_error", "One of charge or payment_intent is required.");
      if (stub.mode === "refund_declined") return stripeError(402, "card_error", "The refund was declined.", "charge_already_refunded");
      return {
        status: 200,
        body: { id: id("re"), object: "refund", status: "succeeded", payment_intent: r.form.payment_intent, amount: 1, currency: "eur" },
      };
    }
    return stripeError(404, "invalid_request_error", `Unrecognized request URL (${r.method}: ${r.path}).`);
  }

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://stub");
      const raw = Buffer.concat(chunks).toString("utf8");
      const form = Object.fromEntries(new URLSearchParams(req.method === "GET" ? url.search : raw));
      const header = (name: string) => {
        const v = req.headers[name];
        return typeof v === "string" ? v : null;
      };
      const r: StripeStubRequest = {
        method: req.method ?? "GET",
        path: url.pathname,
        form,
        idempotencyKey: header("idempotency-key"),
        authorization: header("authorization"),
      };
      stub.requests.push(r);
      const key = r.idempotencyKey ? `${r.method} ${r.path} ${r.idempotencyKey}` : null;
      const out = (key && answered.get(key)) || answer(r);
      if (key && out.status < 500 && !answered.has(key)) answered.set(key, out);
      res.writeHead(out.status, {
        "content-type": "application/json",
        "request-id": id("req"),
        ...(key ? { "idempotency-key": r.idempotencyKey! } : {}),
      });
      res.end(JSON.stringify(out.body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  stub.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return stub;
}
