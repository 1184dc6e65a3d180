import { Module, type OnApplicationBootstrap } from '@nestjs/common';
import { MikroOrmModule } from '@mikro-orm/nestjs';
import { MikroORM, type Options } from '@mikro-orm/postgresql';

/**
 * The ORM, connected at boot (its options, entities included, come from the composition root). No
 * request context middleware: every service forks its own EntityManager.
 */
@Module({})
export class DatabaseModule implements OnApplicationBootstrap {
  static forRoot(options: Options) {
    return {
      module: DatabaseModule,
      imports: [MikroOrmModule.forRoot({ ...options, registerRequestContext: false })],
    };
  }

  constructor(private readonly orm: MikroORM) {}

  /** The ORM connects lazily; connect at boot so a wrong DATABASE_URL fails fast and health is honest. */
  async onApplicationBootstrap() {
    await this.orm.connect();
  }
}
