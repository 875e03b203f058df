import ReactMarkdown from "react-markdown";

/** A deck description or comment rendered as markdown: raw HTML is skipped, links are plain and open safely, long words and URLs wrap. */
export function Markdown({ text }: { text: string }) {
  return (
    <div className="prose-deck space-y-2 text-sm [overflow-wrap:anywhere] leading-relaxed text-slate-700 [&_a]:text-blue-700 dark:[&_a]:text-blue-300 [&_a]:underline [&_code]:rounded [&_code]:bg-slate-100 [&_code]:px-1 [&_h1]:text-lg [&_h1]:font-bold [&_h2]:font-bold [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc">
      <ReactMarkdown skipHtml components={{ a: ({ href, children }) => <a href={href} rel="nofollow noopener noreferrer" target="_blank">{children}</a>, img: () => null }}>
        {text}
      </ReactMarkdown>
    </div>
  );
}
