import { Controller } from '@nestjs/common';
import { api, type ValidBodyOf } from '@mashrou/contracts';
import { Endpoint, In } from '../http/endpoint.js';
import { CurrentUser } from '../common/auth.js';
import type { User } from '../identity/index.js';
import { ProfilesService } from './profiles.service.js';

const c = api.onboarding;

/** Profiles, each edited only by its owner: `/profile/student` for students, `/profile/company` for companies. */
@Controller()
export class ProfilesController {
  constructor(private readonly profiles: ProfilesService) {}

  @Endpoint(c.studentProfile)
  student(@CurrentUser() user: User) {
    return this.profiles.student(user.id);
  }

  @Endpoint(c.saveStudentProfile)
  saveStudent(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.saveStudentProfile>) {
    return this.profiles.saveStudent(user.id, body);
  }

  @Endpoint(c.setProfileCv)
  setCv(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.setProfileCv>) {
    return this.profiles.setCv(user.id, body.fileId);
  }

  @Endpoint(c.removeProfileCv)
  removeCv(@CurrentUser() user: User) {
    return this.profiles.setCv(user.id, null);
  }

  @Endpoint(c.companyProfile)
  company(@CurrentUser() user: User) {
    return this.profiles.company(user.id);
  }

  @Endpoint(c.saveCompanyProfile)
  saveCompany(@CurrentUser() user: User, @In.body() body: ValidBodyOf<typeof c.saveCompanyProfile>) {
    return this.profiles.saveCompany(user.id, body);
  }
}
