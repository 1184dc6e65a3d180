import { Controller, Delete, Get, HttpCode, Inject, Param, ParseUUIDPipe, Post, Query, Req, Res } from '@nestjs/common';
import { ApiConsumes, ApiOperation, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { APP_CONFIG } from '../config/config.module.js';
import type { AppConfig } from '../config/config.js';
import { CurrentUser, Public, type AuthedRequest } from '../identity/auth.decorators.js';
import type { User } from '../identity/identity.entities.js';
import { StorageService } from './storage.service.js';
import { DomainError } from '../common/errors.js';
import { AcceptsBody } from '../common/zod.js';

@ApiTags('files')
@Controller('files')
export class StorageController {
  constructor(
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    private readonly storage: StorageService,
  ) {}

  @Post()
  @HttpCode(201)
  @ApiConsumes('multipart/form-data')
  @AcceptsBody()
  @ApiOperation({ summary: 'Upload a PDF (field `file`) to a non-root path (`?path=cv/resume.pdf`)' })
  async upload(@CurrentUser() user: User, @Req() req: AuthedRequest, @Query('path') path: string | undefined) {
    if (!req.isMultipart()) throw new DomainError('invalid-argument', 'Send the file as multipart/form-data in the field "file".', 400);
    const part = await req.file({ limits: { fileSize: this.config.FILE_MAX_BYTES, files: 1, fields: 0 } });
    if (!part) throw new DomainError('invalid-argument', 'Attach a file in the field "file".', 400);
    return this.storage.upload(user, path ?? '', part.filename, part.file, () => part.file.truncated);
  }

  @Get()
  @ApiOperation({ summary: 'Your files' })
  list(@CurrentUser() user: User) {
    return this.storage.list(user.id);
  }

  /** Readable with its token, or by its owner and the people it was shared with. Never inline HTML. */
  @Public()
  @Get(':id')
  @ApiOperation({ summary: 'Download a file (token, owner, or shared)' })
  async download(
    @Param('id', new ParseUUIDPipe()) id: string,
    @Query('token') token: string | undefined,
    @Req() req: AuthedRequest,
    @Res() reply: FastifyReply,
  ) {
    const { file, stream } = await this.storage.open(id, req.auth?.user, token);
    const safeName = file.name.replace(/[^\w. ()-]/g, '_');
    return reply
      .header('content-type', file.contentType)
      .header('content-length', file.size)
      .header('content-disposition', `attachment; filename="${safeName}"`)
      .header('x-content-type-options', 'nosniff')
      .header('cache-control', 'private, no-store')
      .send(stream);
  }

  @Delete(':id')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete one of your files' })
  remove(@CurrentUser() user: User, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.storage.remove(user.id, id);
  }

  @Post(':id/token')
  @HttpCode(200)
  @ApiOperation({ summary: 'Revoke the download link of one of your files and get a new one' })
  rotate(@CurrentUser() user: User, @Param('id', new ParseUUIDPipe()) id: string) {
    return this.storage.rotateToken(user.id, id);
  }
}
