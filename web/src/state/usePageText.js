import { useRef, useState } from 'preact/hooks';

/**
 * What a saved page carries beside its files and options, first as the page opened with it
 * (`opening`, payload.js, or null): its title and caption, and the numbers a paper reports, to
 * check ({name, text, assign: {row: file name}}, or null). Returns them with their setters,
 * and `openOnCheck`, a ref that holds whether the page opened with numbers to check.
 */
export function usePageText(opening) {
  const [reported, setReported] = useState(opening?.reported ?? null);
  const [title, setTitle] = useState(opening?.title ?? '');
  const [caption, setCaption] = useState(opening?.caption ?? '');
  const openOnCheck = useRef(Boolean(opening?.reported));
  return { reported, setReported, title, setTitle, caption, setCaption, openOnCheck };
}
