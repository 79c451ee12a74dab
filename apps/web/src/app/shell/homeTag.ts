import { FIXED_VIEWS, HOME_PATH } from '../router/fixedViews.ts';
import { getSettings } from '../stores/settingsStore.ts';
import { useTags } from '../stores/tagsStore.ts';

/** Puts the pinned home tab first, like the affix routes of a Vue admin shell. */
export function pinHomeTag(): void {
  const tags = useTags.getState();
  if (tags.visited.some((v) => v.path === HOME_PATH)) return;
  const home = FIXED_VIEWS[HOME_PATH]!;
  tags.addView({ path: HOME_PATH, fullPath: HOME_PATH, title: home.meta.title, icon: home.meta.icon, affix: true }, getSettings().useCache);
}
