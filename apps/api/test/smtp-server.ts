import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  envelopeTo: string[];
  raw: string;
  parsed: ParsedMail;
}

export interface TestSmtpServer {
  port: number;
  url: string;
  received: ReceivedMail[];
  /** Accepts mail again on the same port after `stop`. */
  start(): Promise<void>;
  /** Stops listening: connections are refused until `start`. */
  stop(): Promise<void>;
}

/**
 * A real SMTP server on loopback that keeps every message it accepts. `delayMs` holds each
 * message before accepting it, so that concurrent senders overlap.
 */
export async function startSmtpServer(options: { delayMs?: number } = {}): Promise<TestSmtpServer> {
  const received: ReceivedMail[] = [];
  let server: SMTPServer | undefined;
  let port = 0;

  function create() {
    return new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      closeTimeout: 1_000,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          const envelopeTo = session.envelope.rcptTo.map((r) => r.address);
          simpleParser(raw)
            .then(async (parsed) => {
              if (options.delayMs) await new Promise((resolve) => setTimeout(resolve, options.delayMs));
              received.push({ envelopeTo, raw, parsed });
              callback();
            })
            .catch((error: Error) => callback(error));
        });
      },
    });
  }

  const handle: TestSmtpServer = {
    get port() {
      return port;
    },
    get url() {
      return `smtp://127.0.0.1:${port}`;
    },
    received,
    async start() {
      const next = create();
      await new Promise<void>((resolve, reject) => {
        next.server.once('error', reject);
        next.listen(port, '127.0.0.1', () => resolve());
      });
      port = (next.server.address() as AddressInfo).port;
      server = next;
    },
    async stop() {
      const current = server;
      server = undefined;
      if (current) await new Promise<void>((resolve) => current.close(() => resolve()));
    },
  };
  await handle.start();
  return handle;
}
