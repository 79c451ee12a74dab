import { create } from 'zustand';

/** Passing UI state of the shell, not persisted: drawers and dialogs. */
interface UiState {
  mobileMenuOpen: boolean;
  settingsOpen: boolean;
  statementOpen: boolean;
  aboutOpen: boolean;
  set(patch: Partial<Omit<UiState, 'set'>>): void;
}

export const useUi = create<UiState>()((set) => ({
  mobileMenuOpen: false,
  settingsOpen: false,
  statementOpen: false,
  aboutOpen: false,
  set: (patch) => set(patch),
}));
