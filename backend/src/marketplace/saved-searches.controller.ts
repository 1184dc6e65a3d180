import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf, type ValidParamsOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { SavedSearchesService } from './saved-searches.service.js';

const c = api.alerts;

/** A student's saved searches and the projects they suggest. */
@Controller()
export class SavedSearchesController {
  constructor(private readonly searches: SavedSearchesService) {}

  @Endpoint(c.list)
  list(@CurrentUser() user: User) {
    return this.searches.list(user);
  }

  @Endpoint(c.save)
  save(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.save>) {
    return this.searches.save(user, body);
  }

  @Endpoint(c.change)
  change(
    @CurrentUser() user: User,
    @In.params() { id }: ValidParamsOf<typeof c.change>,
    @In.body() body: ValidBodyOf<typeof c.change>,
  ) {
    return this.searches.change(user, id, body);
  }

  @Endpoint(c.remove)
  async remove(@CurrentUser() user: User, @In.params() { id }: ValidParamsOf<typeof c.remove>) {
    await this.searches.remove(user, id);
  }

  @Endpoint(c.suggestions)
  suggestions(@CurrentUser() user: User) {
    return this.searches.suggestions(user);
  }
}
