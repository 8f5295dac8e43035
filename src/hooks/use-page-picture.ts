// A picture of one page (thumbnail or display size) as an object URL, revoked when no longer shown.
import { useEffect, useState } from 'react';
import { renderBridge } from '../bridges/render-bridge';

export function usePagePicture(renderId: number | undefined, page: number, longSide: number, enabled = true) {
  const [state, setState] = useState<{ url?: string; error?: string }>({});
  useEffect(() => {
    if (renderId === undefined || !enabled) return;
    let url: string | undefined;
    let live = true;
    setState({});
    renderBridge.renderPreview(renderId, page, longSide).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setState({ url });
      },
      (err: Error) => live && setState({ error: err.message }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [renderId, page, longSide, enabled]);
  return state;
}
