import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Guards } from '../../lib/auth-guard.js';
import { createMailer } from '../../lib/mail.js';
import { createOutboxWorker, type OutboxWorker } from '../../lib/outbox-worker.js';
import { notificationRoutes } from './routes.js';
import { createNotificationService } from './service.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The e-mail outbox worker of this instance: started when the app is ready, stopped on close. */
    outbox: OutboxWorker;
  }
}

/** Adds the notification calls and runs the e-mail outbox worker for the app's lifetime. */
export function registerNotifications(app: FastifyInstance, deps: { db: Db; config: Config; guards: Guards }) {
  const { db, config, guards } = deps;
  const mailer = createMailer(config, app.log);
  const outbox = createOutboxWorker({
    db,
    mailer,
    logger: app.log,
    messageIdDomain: new URL(config.publicUrl).hostname,
  });
  app.decorate('outbox', outbox);
  app.addHook('onReady', async () => outbox.start());
  app.addHook('onClose', async () => {
    await outbox.stop();
    mailer.close();
  });

  notificationRoutes(app, {
    notifications: createNotificationService({ db }),
    guards,
  });
}
