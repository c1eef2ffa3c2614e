import { IsIn } from 'class-validator';
import { RESPONSE_CHANNELS, type ResponseChannel } from '../contact.entity.js';

/** The channel the team answered through. */
export class MarkAnsweredInput {
  @IsIn(RESPONSE_CHANNELS, { message: 'Informe por onde respondeu: whatsapp ou email.' })
  canal: ResponseChannel;
}
