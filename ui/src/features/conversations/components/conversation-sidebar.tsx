import { useEffect, useState } from 'react';
import { useSearchEnabled } from '../api/get-search-enabled.js';
import { useDebouncedValue } from '../../../lib/use-debounced-value.js';
import { ConversationList } from './conversation-list.js';
import { SearchBox } from './search-box.js';
import { SearchResults } from './search-results.js';

/** Spec 000 §9: typing in the sidebar search waits 350 ms before searching. */
export const SEARCH_DEBOUNCE = 350;

export interface ConversationSidebarProps {
  /** Called after a conversation is chosen (the mobile drawer closes). */
  onNavigate?: () => void;
  /** Opens the share dialog of a conversation (the app composes it in when the server allows sharing). */
  onShare?: (conversationId: string) => void;
}

/**
 * What fills the sidebar between "New chat" and the user menu: the search box when the server has
 * search on, then either the search results or the grouped conversation list.
 */
export function ConversationSidebar({ onNavigate, onShare }: ConversationSidebarProps) {
  const searchEnabled = useSearchEnabled();
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const debounced = useDebouncedValue(text, SEARCH_DEBOUNCE);

  useEffect(() => setQuery(debounced.trim()), [debounced]);

  const clear = () => {
    setText('');
    setQuery('');
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {searchEnabled && <SearchBox value={text} onChange={setText} onClear={clear} />}
      {searchEnabled && query ? <SearchResults query={query} onNavigate={onNavigate} /> : <ConversationList onNavigate={onNavigate} onShare={onShare} />}
    </div>
  );
}
