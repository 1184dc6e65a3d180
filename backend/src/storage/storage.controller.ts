import { Controller, Inject, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { api, type ValidParamsOf, type ValidQueryOf } from '@mashrou/contracts';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { Endpoint, In } from '../http/endpoint.js';
import { sendFile } from '../http/file-response.js';
import { CurrentUser } from '../common/auth.js';
import type { AuthedRequest, User } from '../identity/index.js';
import { StorageService } from './storage.service.js';
import { DomainError } from '../common/errors.js';

const c = api.files;
type Id = ValidParamsOf<typeof c.remove>;

@Controller()
export class StorageController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
  ) {}

  @Endpoint(c.upload)
  async upload(@CurrentUser() user: User, @Req() req: AuthedRequest, @In.query() q: ValidQueryOf<typeof c.upload>) {
    if (!req.isMultipart())
      throw new DomainError('invalid-argument', 'Send the file as multipart/form-data in the field "file".', 400);
    const part = await req.file({ limits: { fileSize: this.config.FILE_MAX_BYTES, files: 1, fields: 0 } });
    if (!part) throw new DomainError('invalid-argument', 'Attach a file in the field "file".', 400);
    return this.storage.upload(user, q.path ?? '', part.filename, part.file, () => part.file.truncated);
  }

  @Endpoint(c.list)
  list(@CurrentUser() user: User) {
    return this.storage.list(user.id);
  }

  /** Readable with its token, or by its owner and the people it was shared with. Never inline HTML. */
  @Endpoint(c.download)
  async download(
    @In.params() { id }: Id,
    @In.query() q: ValidQueryOf<typeof c.download>,
    @Req() req: AuthedRequest,
    @Res() reply: FastifyReply,
  ) {
    const { file, stream } = await this.storage.open(id, req.auth?.user, q.token);
    return sendFile(reply, file, stream);
  }

  @Endpoint(c.remove)
  remove(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.storage.remove(user.id, id);
  }

  @Endpoint(c.newLink)
  rotate(@CurrentUser() user: User, @In.params() { id }: Id) {
    return this.storage.rotateToken(user.id, id);
  }
}
