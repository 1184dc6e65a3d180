import { Migration } from '@mikro-orm/migrations';

export class Migration0025ApplicantMailWindows extends Migration {
  override up(): void {
    // Issue 31: a company's mails about new applicants are grouped, not capped: the first of a while
    // goes at once, the next ones wait in `waiting` and go as one summary when the window since the
    // last mail ends, carried by one job (`summary_job`). The row is locked only while a mail is
    // decided: the job that claims a mail (`last_job`, with the applications it names, `last_batch`)
    // sends it after the commit, and sends the same again if it is retried.
    this.addSql(`
      create table applicant_mail_windows (
        company_id uuid primary key references users (id) on delete cascade,
        last_mail_at timestamptz,
        last_job text,
        last_batch uuid[] not null default '{}',
        waiting uuid[] not null default '{}',
        summary_job text
      )`);
  }
}
