/** The Twitter/X card image: the same as the Open Graph image. */
export { default, alt, size, contentType } from "./opengraph-image";
