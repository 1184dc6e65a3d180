import type { PublishedEvent } from '../events/event-catalogue.js';
import { HandlesEvent, type EventHandler, type HandlerContext } from '../events/event-handler.js';
import { AccountsService } from '../identity/index.js';
import { EmailDeliveryService } from '../mail/index.js';
import { DataExportsService, EXPORT_TTL_HOURS } from '../storage/index.js';

/**
 * The data export's link, mailed to its owner (always: they asked for it). The token is made here,
 * at send time, and only its hash is kept; the link works for the owner, signed in, for a day.
 */
@HandlesEvent({ event: 'DataExportReady', name: 'sendDataExportLink', queue: 'notifications' })
export class SendDataExportLinkHandler implements EventHandler<'DataExportReady'> {
  constructor(
    private readonly accounts: AccountsService,
    private readonly exports: DataExportsService,
    private readonly delivery: EmailDeliveryService,
  ) {}

  async handle(event: PublishedEvent<'DataExportReady'>, ctx: HandlerContext) {
    const user = await this.accounts.find(event.payload.userId);
    if (!user?.active) return 'skipped';
    if (!(await this.exports.isReady(event.payload.exportId))) return 'skipped';
    // The token is made only when the mail really goes (a replayed job sends nothing, so changes nothing).
    return this.delivery.deliver(ctx.jobKey, user.email, 'DataExportReady', async () => {
      const issued = await this.exports.issueToken(event.payload.exportId);
      if (!issued) throw new Error('the export expired before its mail went');
      return {
        fullName: user.fullName,
        // The web app's Settings, which sends a signed-out reader to sign in first and back, then offers the download.
        downloadUrl: this.delivery.url(`/dashboard/settings?export=${encodeURIComponent(issued.token)}`),
        hours: EXPORT_TTL_HOURS,
        locale: user.locale,
      };
    });
  }
}
