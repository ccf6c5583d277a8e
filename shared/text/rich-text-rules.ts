/**
 * What a description may hold: paragraphs, bold, italic, links and lists, links only to the web,
 * mail, phone or a place on the same site. The editor cleans to these rules with DOMPurify
 * (renderer/ui/rich-text.ts); an import cleans HTML from a file to them without a DOM
 * (server/transfer/clean-html.ts), so both doors keep the same markup.
 */
export const RICH_TEXT_TAGS = ['p', 'br', 'strong', 'b', 'em', 'i', 'a', 'ul', 'ol', 'li'];
export const RICH_TEXT_ATTRIBUTES = ['href', 'target', 'rel'];
export const RICH_TEXT_URI = /^(?:https?:|mailto:|tel:|#|\/)/i;
