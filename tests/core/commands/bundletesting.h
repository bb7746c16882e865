#pragma once

#include "core/model/bundle.h"
#include "core/placement/yamldocument.h"

// What the bundle tests share: text and a bundle read from YAML text.
namespace BundleTesting {

inline QString S(const char *text)
{
    return QString::fromUtf8(text);
}

inline berth::Bundle bundleText(const QByteArray &text)
{
    const QString source = S("bundle \"test\"");
    return berth::Bundle::fromDocuments({berth::YamlDocument::parse(text, source)}, source);
}

} // namespace BundleTesting
