import type { AppContext } from '../../../context.ts';
import { seedHealthRecordModels } from './records-models.ts';
import { seedHealthPrivacy } from './records-privacy.ts';
import { seedResidents } from './records-residents.ts';

/** The resident archive (issue 17): its models, dictionaries and indexes, then the fictitious population. */
export async function seedHealthRecords(ctx: AppContext): Promise<void> {
  await seedHealthRecordModels(ctx);
  await seedHealthPrivacy(ctx);
  await seedResidents(ctx);
}
