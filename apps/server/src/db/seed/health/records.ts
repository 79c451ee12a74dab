import type { AppContext } from '../../../context.ts';
import { seedHealthRecordModels } from './records-models.ts';
import { seedHealthPrivacy } from './records-privacy.ts';
import { seedResidents } from './records-residents.ts';

/**
 * The resident archive (issue 17): its models, dictionaries and indexes, then
 * the fictitious population. The programme seeds after it derive their
 * patients from these residents, so without them they write no patients.
 */
export async function seedHealthRecords(ctx: AppContext, population: boolean): Promise<void> {
  await seedHealthRecordModels(ctx);
  await seedHealthPrivacy(ctx);
  if (population) await seedResidents(ctx);
}
