import CPictures
import SyncEngine

/// libchafa (`libchafa0`) and the one libglib function its printed text needs freeing with,
/// loaded on the first picture drawn.
struct ChafaLibrary: Sendable {
    static let soname = "libchafa.so.0"
    static let package = "libchafa0"
    static let glibSoname = "libglib-2.0.so.0"
    static let glibPackage = "libglib2.0-0"
    /// The process's chafa, loaded on the first picture drawn.
    static let shared = load(soname, glib: glibSoname)

    let configNew: cpic_chafa_canvas_config_new_fn
    let configUnref: cpic_chafa_canvas_config_unref_fn
    let setPixelMode: cpic_chafa_canvas_config_set_int_fn
    let setCanvasMode: cpic_chafa_canvas_config_set_int_fn
    let setOptimizations: cpic_chafa_canvas_config_set_int_fn
    let setGeometry: cpic_chafa_canvas_config_set_pair_fn
    let setCellGeometry: cpic_chafa_canvas_config_set_pair_fn
    let setSymbolMap: cpic_chafa_canvas_config_set_symbol_map_fn
    let setWorkFactor: cpic_chafa_canvas_config_set_float_fn
    let symbolMapNew: cpic_chafa_symbol_map_new_fn
    let symbolMapAddByTags: cpic_chafa_symbol_map_add_by_tags_fn
    let symbolMapUnref: cpic_chafa_symbol_map_unref_fn
    let canvasNew: cpic_chafa_canvas_new_fn
    let canvasUnref: cpic_chafa_canvas_unref_fn
    let drawAllPixels: cpic_chafa_canvas_draw_all_pixels_fn
    let print: cpic_chafa_canvas_print_fn
    let stringFree: cpic_g_string_free_fn

    static func load(_ soname: String, glib: String) -> Result<ChafaLibrary, PictureDrawingError> {
        SharedLibrary.open(soname, package: package).flatMap { chafa in
            SharedLibrary.open(glib, package: glibPackage).flatMap { glib in
                var resolve = SymbolResolver(chafa)
                var resolveGlib = SymbolResolver(glib)
                let config = (
                    new: resolve("chafa_canvas_config_new", cpic_chafa_canvas_config_new_fn.self),
                    unref: resolve("chafa_canvas_config_unref", cpic_chafa_canvas_config_unref_fn.self),
                    pixelMode: resolve("chafa_canvas_config_set_pixel_mode", cpic_chafa_canvas_config_set_int_fn.self),
                    canvasMode: resolve("chafa_canvas_config_set_canvas_mode", cpic_chafa_canvas_config_set_int_fn.self),
                    optimizations: resolve("chafa_canvas_config_set_optimizations", cpic_chafa_canvas_config_set_int_fn.self),
                    geometry: resolve("chafa_canvas_config_set_geometry", cpic_chafa_canvas_config_set_pair_fn.self),
                    cell: resolve("chafa_canvas_config_set_cell_geometry", cpic_chafa_canvas_config_set_pair_fn.self),
                    symbolMap: resolve("chafa_canvas_config_set_symbol_map", cpic_chafa_canvas_config_set_symbol_map_fn.self),
                    workFactor: resolve("chafa_canvas_config_set_work_factor", cpic_chafa_canvas_config_set_float_fn.self)
                )
                let others = (
                    mapNew: resolve("chafa_symbol_map_new", cpic_chafa_symbol_map_new_fn.self),
                    mapAdd: resolve("chafa_symbol_map_add_by_tags", cpic_chafa_symbol_map_add_by_tags_fn.self),
                    mapUnref: resolve("chafa_symbol_map_unref", cpic_chafa_symbol_map_unref_fn.self),
                    canvasNew: resolve("chafa_canvas_new", cpic_chafa_canvas_new_fn.self),
                    canvasUnref: resolve("chafa_canvas_unref", cpic_chafa_canvas_unref_fn.self),
                    draw: resolve("chafa_canvas_draw_all_pixels", cpic_chafa_canvas_draw_all_pixels_fn.self),
                    print: resolve("chafa_canvas_print", cpic_chafa_canvas_print_fn.self),
                    free: resolveGlib("g_string_free", cpic_g_string_free_fn.self)
                )
                guard let configNew = config.new, let configUnref = config.unref, let pixelMode = config.pixelMode,
                    let canvasMode = config.canvasMode, let optimizations = config.optimizations,
                    let geometry = config.geometry, let cell = config.cell, let symbolMap = config.symbolMap,
                    let workFactor = config.workFactor,
                    let mapNew = others.mapNew, let mapAdd = others.mapAdd, let mapUnref = others.mapUnref,
                    let canvasNew = others.canvasNew, let canvasUnref = others.canvasUnref, let draw = others.draw,
                    let print = others.print, let free = others.free
                else {
                    return .failure(resolve.missing.isEmpty ? resolveGlib.failure : resolve.failure)
                }
                return .success(
                    ChafaLibrary(
                        configNew: configNew, configUnref: configUnref, setPixelMode: pixelMode,
                        setCanvasMode: canvasMode, setOptimizations: optimizations, setGeometry: geometry,
                        setCellGeometry: cell, setSymbolMap: symbolMap, setWorkFactor: workFactor,
                        symbolMapNew: mapNew,
                        symbolMapAddByTags: mapAdd, symbolMapUnref: mapUnref, canvasNew: canvasNew,
                        canvasUnref: canvasUnref, drawAllPixels: draw, print: print, stringFree: free))
            }
        }.mapError(PictureDrawingError.init)
    }
}
