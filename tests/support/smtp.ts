import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";

export type ReceivedAttachment = { filename: string; contentType: string; content: string };
export type ReceivedMail = {
  from: string;
  to: string[];
  replyTo: string;
  subject: string;
  text: string;
  html: string;
  /** Attached files, their content as UTF-8 text. */
  attachments: ReceivedAttachment[];
};

/** A real SMTP server on a free local port that keeps what it receives. */
export async function startSmtpServer(opts: { failWith?: string } = {}) {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    // No reverse DNS of the client (127.0.0.1): up to 1.5 s per message on a resolver that does not answer.
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      if (opts.failWith) {
        stream.resume();
        stream.on("end", () => callback(Object.assign(new Error(opts.failWith), { responseCode: 550 })));
        return;
      }
      simpleParser(stream)
        .then((m) => {
          received.push({
            from: m.from?.text ?? "",
            to: session.envelope.rcptTo.map((r) => r.address),
            replyTo: m.replyTo?.text ?? "",
            subject: m.subject ?? "",
            text: m.text ?? "",
            html: typeof m.html === "string" ? m.html : "",
            attachments: m.attachments.map((a) => ({
              filename: a.filename ?? "",
              contentType: a.contentType,
              content: a.content.toString("utf8"),
            })),
          });
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
