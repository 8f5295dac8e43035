import { useCallback, useState } from 'react';
import { loadSettings, saveSettings, type Settings } from '../settings/settings';

export function useSettings(): [Settings, (change: Partial<Settings>) => void] {
  const [settings, setSettings] = useState<Settings>(() => loadSettings());
  const update = useCallback((change: Partial<Settings>) => {
    setSettings((old) => {
      const next = { ...old, ...change };
      saveSettings(next);
      return next;
    });
  }, []);
  return [settings, update];
}
