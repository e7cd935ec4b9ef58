#pragma once
#include <stddef.h>
#include <stdint.h>
#include <stdbool.h>

// The few functions newsctl calls in libturbojpeg, libspng, libwebp, giflib, libchafa and libglib,
// written out from their headers (turbojpeg.h 2.1, spng.h 0.7, webp/decode.h 1.2, gif_lib.h 5.2,
// chafa.h 1.12, gstring.h 2.74) so building needs none of their -dev packages (chafa's pulls in
// glib's). Each is a pointer type to cast dlsym's answer to: nothing here links a library. Only
// stable ABI is used (these sonames have kept it: libturbojpeg.so.0, libspng.so.0, libwebp.so.7,
// libgif.so.7, libchafa.so.0, libglib-2.0.so.0).

// libturbojpeg (the TurboJPEG API, version 2).
typedef void *cpic_tjhandle;
typedef cpic_tjhandle (*cpic_tjInitDecompress_fn)(void);
typedef int (*cpic_tjDecompressHeader3_fn)(cpic_tjhandle, const unsigned char *, unsigned long, int *width,
                                            int *height, int *subsampling, int *colorspace);
typedef int (*cpic_tjDecompress2_fn)(cpic_tjhandle, const unsigned char *, unsigned long, unsigned char *dst,
                                      int width, int pitch, int height, int pixelFormat, int flags);
typedef int (*cpic_tjDestroy_fn)(cpic_tjhandle);
typedef char *(*cpic_tjGetErrorStr2_fn)(cpic_tjhandle);
enum { CPIC_TJPF_RGBA = 7 };

// libspng.
typedef struct cpic_spng_ctx cpic_spng_ctx;
typedef cpic_spng_ctx *(*cpic_spng_ctx_new_fn)(int flags);
typedef void (*cpic_spng_ctx_free_fn)(cpic_spng_ctx *);
typedef int (*cpic_spng_set_png_buffer_fn)(cpic_spng_ctx *, const void *, size_t);
typedef int (*cpic_spng_set_image_limits_fn)(cpic_spng_ctx *, uint32_t width, uint32_t height);
typedef int (*cpic_spng_decoded_image_size_fn)(cpic_spng_ctx *, int fmt, size_t *len);
typedef int (*cpic_spng_decode_image_fn)(cpic_spng_ctx *, void *out, size_t len, int fmt, int flags);
typedef const char *(*cpic_spng_strerror_fn)(int);
enum { CPIC_SPNG_FMT_RGBA8 = 1, CPIC_SPNG_DECODE_TRNS = 1 };

// libwebp (a still picture; an animation's first frame is cut out with libwebpdemux).
typedef uint8_t *(*cpic_WebPDecodeRGBA_fn)(const uint8_t *, size_t, int *width, int *height);
typedef void (*cpic_WebPFree_fn)(void *);

// giflib 5 (the low-level reading API, so only the first image is ever decompressed).
typedef unsigned char cpic_GifByteType;
typedef struct cpic_GifColorType { cpic_GifByteType Red, Green, Blue; } cpic_GifColorType;
typedef struct cpic_ColorMapObject {
    int ColorCount;
    int BitsPerPixel;
    bool SortFlag;
    cpic_GifColorType *Colors;
} cpic_ColorMapObject;
typedef struct cpic_GifImageDesc {
    int Left, Top, Width, Height;
    bool Interlace;
    cpic_ColorMapObject *ColorMap;
} cpic_GifImageDesc;
typedef struct cpic_GifFileType {
    int SWidth, SHeight;
    int SColorResolution;
    int SBackGroundColor;
    cpic_GifByteType AspectByte;
    cpic_ColorMapObject *SColorMap;
    int ImageCount;
    cpic_GifImageDesc Image;
    void *SavedImages;
    int ExtensionBlockCount;
    void *ExtensionBlocks;
    int Error;
    void *UserData;
    void *Private;
} cpic_GifFileType;
typedef int (*cpic_GifInputFunc)(cpic_GifFileType *, cpic_GifByteType *, int);
enum { CPIC_GIF_IMAGE_DESC_RECORD = 2, CPIC_GIF_EXTENSION_RECORD = 3, CPIC_GIF_TERMINATE_RECORD = 4 };
enum { CPIC_GIF_GRAPHICS_EXTENSION = 0xf9 };
typedef cpic_GifFileType *(*cpic_DGifOpen_fn)(void *user, cpic_GifInputFunc, int *error);
typedef int (*cpic_DGifCloseFile_fn)(cpic_GifFileType *, int *error);
typedef int (*cpic_DGifGetRecordType_fn)(cpic_GifFileType *, int *recordType);
typedef int (*cpic_DGifGetImageDesc_fn)(cpic_GifFileType *);
typedef int (*cpic_DGifGetLine_fn)(cpic_GifFileType *, cpic_GifByteType *line, int length);
typedef int (*cpic_DGifGetExtension_fn)(cpic_GifFileType *, int *code, cpic_GifByteType **extension);
typedef int (*cpic_DGifGetExtensionNext_fn)(cpic_GifFileType *, cpic_GifByteType **extension);
typedef const char *(*cpic_GifErrorString_fn)(int);

// libchafa 1.12 and the GString it prints into (libglib-2.0).
typedef struct cpic_GString { char *str; size_t len; size_t allocated_len; } cpic_GString;
typedef void cpic_ChafaCanvasConfig;
typedef void cpic_ChafaCanvas;
typedef void cpic_ChafaSymbolMap;
enum { CPIC_CHAFA_PIXEL_MODE_SYMBOLS = 0, CPIC_CHAFA_PIXEL_MODE_SIXELS = 1, CPIC_CHAFA_PIXEL_MODE_KITTY = 2,
       CPIC_CHAFA_PIXEL_MODE_ITERM2 = 3 };
enum { CPIC_CHAFA_CANVAS_MODE_TRUECOLOR = 0, CPIC_CHAFA_CANVAS_MODE_INDEXED_256 = 1 };
enum { CPIC_CHAFA_PIXEL_RGBA8_UNASSOCIATED = 4 };
// Symbol classes every terminal font draws (chafa-symbol-map.h's ChafaSymbolTags bits 0 to 3).
enum { CPIC_CHAFA_SYMBOL_TAG_SPACE = 1 << 0, CPIC_CHAFA_SYMBOL_TAG_SOLID = 1 << 1,
       CPIC_CHAFA_SYMBOL_TAG_STIPPLE = 1 << 2, CPIC_CHAFA_SYMBOL_TAG_BLOCK = 1 << 3 };
typedef cpic_ChafaCanvasConfig *(*cpic_chafa_canvas_config_new_fn)(void);
typedef void (*cpic_chafa_canvas_config_unref_fn)(cpic_ChafaCanvasConfig *);
typedef void (*cpic_chafa_canvas_config_set_int_fn)(cpic_ChafaCanvasConfig *, int);
typedef void (*cpic_chafa_canvas_config_set_pair_fn)(cpic_ChafaCanvasConfig *, int, int);
typedef void (*cpic_chafa_canvas_config_set_float_fn)(cpic_ChafaCanvasConfig *, float);
typedef void (*cpic_chafa_canvas_config_set_symbol_map_fn)(cpic_ChafaCanvasConfig *, const cpic_ChafaSymbolMap *);
typedef cpic_ChafaSymbolMap *(*cpic_chafa_symbol_map_new_fn)(void);
typedef void (*cpic_chafa_symbol_map_add_by_tags_fn)(cpic_ChafaSymbolMap *, int tags);
typedef void (*cpic_chafa_symbol_map_unref_fn)(cpic_ChafaSymbolMap *);
typedef cpic_ChafaCanvas *(*cpic_chafa_canvas_new_fn)(const cpic_ChafaCanvasConfig *);
typedef void (*cpic_chafa_canvas_unref_fn)(cpic_ChafaCanvas *);
typedef void (*cpic_chafa_canvas_draw_all_pixels_fn)(cpic_ChafaCanvas *, int pixelType, const uint8_t *pixels,
                                                      int width, int height, int rowstride);
typedef cpic_GString *(*cpic_chafa_canvas_print_fn)(cpic_ChafaCanvas *, void *termInfo);
typedef char *(*cpic_g_string_free_fn)(cpic_GString *, int freeSegment);
