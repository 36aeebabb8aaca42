// The de catalogue: one chunk per language, loaded only when de is the active language.
import auth from './auth.json'
import ckan from './ckan.json'
import common from './common.json'
import errors from './errors.json'
import gallery from './gallery.json'
import navigation from './navigation.json'
import pages from './pages.json'
import validation from './validation.json'

export default { common, navigation, ckan, errors, validation, pages, gallery, auth }
