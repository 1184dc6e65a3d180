import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM } from '@mikro-orm/postgresql';
import { loadConfig } from '../config/config.js';
import { ormConfig } from './orm.config.js';

@Module({})
export class DatabaseModule implements OnApplicationBootstrap {
  static forRoot(config = loadConfig()) {
    return {
      module: DatabaseModule,
      imports: [MikroOrmModule.forRoot({ ...ormConfig(config), registerRequestContext: true })],
    };
  }

  constructor(private readonly orm: MikroORM) {}

  /** The ORM connects lazily; connect at boot so a wrong DATABASE_URL fails fast and health is honest. */
  async onApplicationBootstrap() {
    await this.orm.connect();
  }
}
