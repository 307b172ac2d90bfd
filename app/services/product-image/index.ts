export {
  MAX_SIDE_PX,
  NOT_DRAWN,
  PASSWORD_PROTECTED,
  ProductImageError,
  renderFirstPage,
  UNREADABLE,
  type RenderedPage,
} from "./render";
