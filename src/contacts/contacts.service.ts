import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import { Repository } from 'typeorm';
import { onlyDigits } from '../common/br/index.js';
import { Contact } from './contact.entity.js';
import type { SendContactInput } from './dto/send-contact.input.js';

@Injectable()
export class ContactsService {
  constructor(@InjectRepository(Contact) private readonly contacts: Repository<Contact>) {}

  /**
   * Stores a message from the site as pending. A filled honeypot means a bot: it is told the message was
   * sent, and nothing is stored. Returns whether it was stored.
   */
  async receive(input: SendContactInput, sender: { ip: string | null; userAgent: string | null }): Promise<boolean> {
    if (input.empresa && input.empresa.trim() !== '') return false;
    await this.contacts.insert({
      nome: input.nome,
      email: input.email,
      telefone: onlyDigits(input.telefone, 11),
      mensagem: input.mensagem,
      origem: input.origem || 'site',
      status: 'pendente',
      senderIp: sender.ip?.slice(0, 45) ?? null,
      userAgent: sender.userAgent?.slice(0, 255) ?? null,
    });
    return true;
  }
}
