import { Fragment, type ReactNode } from "react";

/** Marks where a node goes in a translated text: invisible separators around its index. */
const MARK = "\u2063";
const MARKS = /\u2063(\d+)\u2063/;

/**
 * A translated sentence with some of its arguments shown as elements (an e-mail in bold, a link): the
 * whole sentence is one message, so each language puts them where its word order needs (issue 29).
 * `translate` gets one marker per node, to pass as those arguments' values.
 */
export function MessageWithNodes(props: { translate: (...marks: string[]) => string; nodes: readonly ReactNode[] }) {
  const marks = props.nodes.map((_, index) => `${MARK}${index}${MARK}`);
  // split() with a capturing group alternates text and a node's index: text, index, text, …
  const parts = props.translate(...marks).split(MARKS);
  return (
    <>
      {parts.map((part, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence never reorder.
        <Fragment key={index}>{index % 2 === 1 ? props.nodes[Number(part)] : part}</Fragment>
      ))}
    </>
  );
}
