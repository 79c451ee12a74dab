import { fileMessages } from '@medalliance/contract';
import { defineMessages } from '../../http/i18n.ts';

/** The file module's texts: the upload messages of spec §5.2 / §8 live in the contract, shared with the web. */
defineMessages(fileMessages);
