export { renderFirstPage, type RenderOptions } from "./first-page";
export {
  BUSY,
  MAX_PAGE_OPERATORS,
  MAX_SIDE_PX,
  NOT_DRAWN,
  PASSWORD_PROTECTED,
  ProductImageError,
  TOO_COMPLEX,
  UNREADABLE,
  type RenderedPage,
} from "./render";
