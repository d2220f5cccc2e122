#pragma once
// tst_architectures' test class and the fixture folders and PyTorch references
// it reads, shared by tst_architectures.cpp (the table against PyTorch, and
// hostile folders and configs) and tst_architectures_gui.cpp (what the views
// and the guide show of a model's architecture).
#include <QtTest>

#include <filesystem>
#include <fstream>

#include "attnscope/model/architectures.h"
#include "attnscope/common/error.h"
#include "attnscope/run/model.h"
#include "attnscope/model/model_file.h"
#include "attnscope/run/reference.h"
#include "attnscope/formats/safetensors.h"
#include "gui/dialogs/guide_dialog.h"
#include "gui/views/heads_grid_view.h"
#include "render/figures/heads_grid_figure.h"
#include "render/figures/head_figure.h"
#include "gui/common/selection_text.h"
#include "session/document.h"
#include "session/views.h"
#include "testutil.h"
#include "gui/workspace/view_settings.h"
#include "gui/workspace/workspace.h"

using namespace attnscope;
namespace fs = std::filesystem;

class tst_Architectures : public QObject {
    Q_OBJECT
private slots:
    void matchesPyTorch_data();
    void matchesPyTorch();
    void kernelsMatchPlainLoops();
    void sameOnOneAndTwoThreads();
    void rebuiltWeightsMatchStored();
    void configRoundTripsThroughJson();
    void tableListsEveryModelType();
    void unknownModelTypeListsSupported();
    void hostileConfig_data();
    void hostileConfig();
    void brokenWeights_data();
    void brokenWeights();
    void hostileShardIndex();
    void hostileValuesNeverCrash();
    void headDetailNamesItsKvHeadAndMaskItsWindow();
    void headsGridGroupsQueryHeadsByKvHead();
    void headsGridOfMultiHeadModelIsNotGrouped();
    void headsGridTooltipNamesTheKvHead();
    void guideExplainsRopeAndGqaOfTheOpenModel();
    void guideOfGpt2AndDemoHasNoLlamaSections();
};

inline QString folder(const QString& name) { return testutil::fixtures("arch/" + name); }

struct Reference {
    std::vector<int> tokens;
    SafetensorsFile file;
};

inline Reference pytorchReference(const QString& name) {
    Reference r;
    r.file = read_safetensors(testutil::str(folder(name) + "/reference.safetensors"));
    for (const float t : r.file.tensors.at("tokens").data) r.tokens.push_back(int(t));
    return r;
}
