import { Migration } from '@mikro-orm/migrations';

export class Migration0023SearchEverywhere extends Migration {
  override up(): void {
    // Issue 30: AI Recruitment's text signals read folded text (search_fold, 0021) like Browse, so
    // «محمد» meets «مُحَمَّد» and «ادارة» meets «إدارة» there too (the query is folded the same way).
    this.addSql(`alter table assessments drop column profile`);
    this.addSql(`
      alter table assessments add column profile tsvector
        generated always as (to_tsvector('simple', search_fold(skills_text(skills)))) stored`);
    this.addSql(`alter table users drop column school_search`);
    this.addSql(`
      alter table users add column school_search tsvector
        generated always as (to_tsvector('simple', search_fold(coalesce(school, '')))) stored`);
  }
}
