import type { PageLoader } from '../../app/router/pageRegistry.ts';
// The flow detail page's texts, loaded with the shell so its route title translates in the tab bar.
import './detail/messages.ts';

/** Workflow screens by menu path (server seed menus.ts, url 'workFlow/…'); each helper adds its own lines. */
export const pages: Record<string, PageLoader> = {
  '/workFlowDetail': () => import('./detail/FlowDetailPage.tsx'),
  '/workFlow/flowEngine': () => import('./engine/FlowEnginePage.tsx'),
  '/workFlow/flowLaunch': () => import('./lists/LaunchPage.tsx'),
  '/workFlow/flowTodo': () => import('./lists/TodoPage.tsx'),
  '/workFlow/flowDone': () => import('./lists/DonePage.tsx'),
  '/workFlow/flowCirculate': () => import('./lists/CirculatePage.tsx'),
  '/workFlow/entrust': () => import('./lists/EntrustPage.tsx'),
  '/workFlow/flowMonitor': () => import('./lists/MonitorPage.tsx'),
};
