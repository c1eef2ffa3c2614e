import { Module } from '@nestjs/common';
import { AuthModule } from '../auth/auth.module.js';
import { MailModule } from '../mail/mail.module.js';
import { InvitePublicController } from './invite.public.controller.js';
import { ProfileApiController } from './profile.api.controller.js';
import { TeamApiController } from './team.api.controller.js';
import { TeamPagesController } from './team.pages.controller.js';
import { TeamRepository } from './team.repository.js';
import { TeamService } from './team.service.js';

/** The back office's own people: the Equipe screen, every admin's profile and the password links. */
@Module({
  imports: [AuthModule, MailModule],
  controllers: [TeamApiController, ProfileApiController, InvitePublicController, TeamPagesController],
  providers: [TeamService, TeamRepository],
  exports: [TeamService],
})
export class TeamModule {}
